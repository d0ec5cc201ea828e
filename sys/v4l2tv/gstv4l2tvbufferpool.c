/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: one GstBufferPool over a card's mapped buffers, for both
 * directions; what it does follows the node's kind
 * (gst_tv_hw_node_kind_is_output()).
 *
 * One pool serves one streaming session (REQBUFS .. REQBUFS 0). Each of
 * its buffers is one card buffer: its only memory, from the pool's
 * GstV4l2TvAllocator, is that card buffer's mapping and carries its index.
 * The pool never touches the device, whose handle is not thread-safe: only
 * the element's streaming thread queues and dequeues.
 *
 * Capture (v4l2tvsrc pushes frames in the card's own format without
 * copying them): when the pool is activated it makes one GstBuffer per
 * card buffer. After DQBUF the streaming thread acquires the buffer of the
 * dequeued index (gst_v4l2_tv_buffer_pool_acquire_index), stamps it and
 * pushes it; nothing is allocated per frame (the video meta, when there is
 * one, is made once and kept as a pooled meta). When downstream drops the
 * last reference the index goes on the "returned" list, and the streaming
 * thread queues it to the card again before its next wait
 * (gst_v4l2_tv_buffer_pool_pop_returned). A buffer that comes back while
 * its memory is still shared (a shallow copy of it is alive) or no longer
 * its own (downstream replaced it) gives its memory up instead; the index
 * then goes on the same list when that memory is freed, and the buffer
 * gets a new memory when its index is next dequeued.
 *
 * Output (v4l2tvsink offers the pool in its allocation query when upstream
 * sends the card's own format, so that a producer draws straight into the
 * memory the card scans out): buffers are made on demand, one per card
 * buffer at most (max-buffers is the number of card buffers), and a buffer
 * whose memory was replaced is discarded and made again from its index.
 * The sink queues a pool buffer by its index (gst_v4l2_tv_buffer_pool_
 * get_index), with no copy, and keeps a reference until the card has
 * displayed it; dropping that reference puts the buffer back in the pool.
 * For any other buffer the sink acquires a pool buffer itself and copies
 * (or converts) into it. A pool buffer that is not acquired is therefore a
 * card buffer that is not queued.
 *
 * Before the card's buffers are freed (stop, or a live input/norm switch,
 * which must free them because drivers refuse S_INPUT/S_STD/S_FMT while
 * buffers exist), gst_v4l2_tv_buffer_pool_detach() deactivates the pool
 * and moves every frame still held outside it into a private copy: it
 * waits until nobody has the memory mapped, copies it, and points the
 * memory at the copy. Buffers held by a sink (last-sample), a queue or a
 * producer thus stay valid without waiting for them to come back: a
 * userspace version of the kernel's orphaned buffers. A frame that is
 * mapped is never copied: the pointer its holder has would dangle once the
 * card's buffer is freed, so detach waits for the unmap however long it
 * takes, and says so. The pool frees its buffers once the last one has
 * come back.
 *
 * Locks: the pool's lock, then the allocator's (the memory map, unmap and
 * free take only the allocator's).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstv4l2tvbufferpool.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

/* how often detach says that it is still waiting for an unmap */
#define DETACH_WARN_INTERVAL (5 * G_TIME_SPAN_SECOND)

/* acquire the buffer of card buffer params->start (capture) */
#define ACQUIRE_FLAG_INDEX GST_BUFFER_POOL_ACQUIRE_FLAG_LAST

/* --- the memory: a card buffer's mapping --- */

#define GST_TYPE_V4L2_TV_ALLOCATOR (gst_v4l2_tv_allocator_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvAllocator, gst_v4l2_tv_allocator,
    GST, V4L2_TV_ALLOCATOR, GstAllocator)

typedef struct
{
  GstMemory mem;
  guint index;
  /* the rest only in the root memory (no parent), under the allocator
   * lock */
  gpointer data;                /* the mapped buffer, or @copy once detached */
  gpointer copy;
  gint map_count;
  gboolean detached;
} GstV4l2TvMemory;

typedef struct
{
  gpointer data;
  gsize size;
  GstV4l2TvMemory *mem;         /* the outstanding root memory, or NULL */
} Slot;

struct _GstV4l2TvAllocator
{
  GstAllocator parent;

  GMutex lock;
  GCond cond;
  Slot *slots;
  guint n_slots;
  /* capture: the one "returned" list, card buffers nobody holds (indices,
   * GUINT_TO_POINTER), from the pool's release or a memory's free */
  gboolean requeue;
  GQueue returned;
};

G_DEFINE_TYPE (GstV4l2TvAllocator, gst_v4l2_tv_allocator, GST_TYPE_ALLOCATOR);

#define ROOT(m) ((GstV4l2TvMemory *) (GST_MEMORY_CAST (m)->parent ? \
    GST_MEMORY_CAST (m)->parent : GST_MEMORY_CAST (m)))

static gpointer
gst_v4l2_tv_memory_map (GstMemory * mem, GstMapInfo * info, gsize maxsize)
{
  GstV4l2TvAllocator *self = GST_V4L2_TV_ALLOCATOR (mem->allocator);
  GstV4l2TvMemory *root = ROOT (mem);
  gpointer data;

  g_mutex_lock (&self->lock);
  root->map_count++;
  data = root->data;
  g_mutex_unlock (&self->lock);

  return data;
}

static void
gst_v4l2_tv_memory_unmap (GstMemory * mem, GstMapInfo * info)
{
  GstV4l2TvAllocator *self = GST_V4L2_TV_ALLOCATOR (mem->allocator);
  GstV4l2TvMemory *root = ROOT (mem);

  g_mutex_lock (&self->lock);
  if (--root->map_count == 0)
    g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

static GstMemory *
gst_v4l2_tv_memory_share (GstMemory * mem, gssize offset, gssize size)
{
  GstV4l2TvMemory *root = ROOT (mem);
  GstV4l2TvMemory *sub;

  if (size == -1)
    size = mem->size - offset;

  sub = g_new0 (GstV4l2TvMemory, 1);
  gst_memory_init (GST_MEMORY_CAST (sub),
      GST_MINI_OBJECT_FLAGS (root) | GST_MINI_OBJECT_FLAG_LOCK_READONLY,
      mem->allocator, GST_MEMORY_CAST (root), mem->maxsize, mem->align,
      mem->offset + offset, size);
  sub->index = root->index;

  return GST_MEMORY_CAST (sub);
}

static GstMemory *
gst_v4l2_tv_memory_copy (GstMemory * mem, gssize offset, gssize size)
{
  GstMemory *copy;
  GstMapInfo in, out;

  if (size == -1)
    size = mem->size > (gsize) offset ? mem->size - offset : 0;

  copy = gst_allocator_alloc (NULL, size, NULL);
  if (!gst_memory_map (mem, &in, GST_MAP_READ))
    goto map_failed;
  if (!gst_memory_map (copy, &out, GST_MAP_WRITE)) {
    gst_memory_unmap (mem, &in);
    goto map_failed;
  }
  memcpy (out.data, in.data + offset, size);
  gst_memory_unmap (copy, &out);
  gst_memory_unmap (mem, &in);

  return copy;

  /* ERRORS */
map_failed:
  {
    GST_ERROR ("could not map memory %p for copying", mem);
    gst_memory_unref (copy);
    return NULL;
  }
}

static gboolean
gst_v4l2_tv_memory_is_span (GstMemory * mem1, GstMemory * mem2, gsize * offset)
{
  return FALSE;
}

static GstMemory *
gst_v4l2_tv_allocator_alloc (GstAllocator * allocator, gsize size,
    GstAllocationParams * params)
{
  /* GST_ALLOCATOR_FLAG_CUSTOM_ALLOC: memory comes from _wrap() only */
  return NULL;
}

/* allocator lock held: card buffer @index is free again */
static void
gst_v4l2_tv_allocator_return (GstV4l2TvAllocator * self, guint index)
{
  if (!self->requeue)
    return;
  g_queue_push_tail (&self->returned, GUINT_TO_POINTER (index));
  GST_LOG_OBJECT (self, "card buffer %u returned", index);
}

static void
gst_v4l2_tv_allocator_free (GstAllocator * allocator, GstMemory * memory)
{
  GstV4l2TvAllocator *self = GST_V4L2_TV_ALLOCATOR (allocator);
  GstV4l2TvMemory *mem = (GstV4l2TvMemory *) memory;

  if (memory->parent == NULL) {
    g_mutex_lock (&self->lock);
    if (!mem->detached) {
      self->slots[mem->index].mem = NULL;
      gst_v4l2_tv_allocator_return (self, mem->index);
    }
    g_mutex_unlock (&self->lock);
    g_free (mem->copy);
  }
  g_free (mem);
}

static void
gst_v4l2_tv_allocator_finalize (GObject * object)
{
  GstV4l2TvAllocator *self = GST_V4L2_TV_ALLOCATOR (object);

  g_queue_clear (&self->returned);
  g_free (self->slots);
  g_cond_clear (&self->cond);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (gst_v4l2_tv_allocator_parent_class)->finalize (object);
}

static void
gst_v4l2_tv_allocator_class_init (GstV4l2TvAllocatorClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstAllocatorClass *allocator_class = GST_ALLOCATOR_CLASS (klass);

  gobject_class->finalize = gst_v4l2_tv_allocator_finalize;
  allocator_class->alloc = gst_v4l2_tv_allocator_alloc;
  allocator_class->free = gst_v4l2_tv_allocator_free;
}

static void
gst_v4l2_tv_allocator_init (GstV4l2TvAllocator * self)
{
  GstAllocator *allocator = GST_ALLOCATOR_CAST (self);

  allocator->mem_type = "V4l2TvMemory";
  allocator->mem_map_full = gst_v4l2_tv_memory_map;
  allocator->mem_unmap_full = gst_v4l2_tv_memory_unmap;
  allocator->mem_share = gst_v4l2_tv_memory_share;
  allocator->mem_copy = gst_v4l2_tv_memory_copy;
  allocator->mem_is_span = gst_v4l2_tv_memory_is_span;
  GST_OBJECT_FLAG_SET (self, GST_ALLOCATOR_FLAG_CUSTOM_ALLOC);

  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  g_queue_init (&self->returned);
}

/* a memory of @size bytes over card buffer @index, or NULL while a memory
 * over it is still alive */
static GstMemory *
gst_v4l2_tv_allocator_wrap (GstV4l2TvAllocator * self, guint index, gsize size)
{
  GstV4l2TvMemory *mem = NULL;
  Slot *slot = &self->slots[index];

  g_mutex_lock (&self->lock);
  if (slot->mem == NULL) {
    mem = g_new0 (GstV4l2TvMemory, 1);
    gst_memory_init (GST_MEMORY_CAST (mem), 0, GST_ALLOCATOR_CAST (self),
        NULL, slot->size, 0, 0, MIN (size, slot->size));
    mem->index = index;
    mem->data = slot->data;
    slot->mem = mem;
  }
  g_mutex_unlock (&self->lock);

  return GST_MEMORY_CAST (mem);
}

/*
 * Moves every frame still held into a private copy, so that the card's
 * buffers can be freed. After this no memory of @self refers to a mapped
 * buffer and nothing is returned any more.
 *
 * A frame mapped by its holder is copied once it is unmapped, never
 * before: copying it anyway would leave the holder of the mapping with a
 * pointer into a freed buffer. Mappings are short-lived (map, read or
 * write, unmap), so this normally waits for nothing; a warning repeats
 * while it does.
 */
static void
gst_v4l2_tv_allocator_detach (GstV4l2TvAllocator * self)
{
  guint i;

  g_mutex_lock (&self->lock);
  self->requeue = FALSE;
  for (i = 0; i < self->n_slots; i++) {
    Slot *slot = &self->slots[i];
    GstV4l2TvMemory *mem;
    gint64 end = g_get_monotonic_time () + DETACH_WARN_INTERVAL;
    gint waited = 0;

    /* the memory may be freed while we wait: look at the slot again */
    while (slot->mem != NULL && slot->mem->map_count > 0) {
      if (!g_cond_wait_until (&self->cond, &self->lock, end)) {
        waited += DETACH_WARN_INTERVAL / G_TIME_SPAN_SECOND;
        GST_WARNING_OBJECT (self, "buffer %u is still mapped "
            "after %d s; waiting for it to be unmapped", i, waited);
        end = g_get_monotonic_time () + DETACH_WARN_INTERVAL;
      }
    }
    mem = slot->mem;
    if (mem == NULL)
      continue;

    mem->copy = g_memdup2 (slot->data, slot->size);
    mem->data = mem->copy;
    mem->detached = TRUE;
    slot->mem = NULL;
    GST_DEBUG_OBJECT (self, "buffer %u still held, detached", i);
  }
  g_queue_clear (&self->returned);
  g_mutex_unlock (&self->lock);
}

/* --- the pool --- */

struct _GstV4l2TvBufferPool
{
  GstBufferPool parent;

  gboolean output;
  GstV4l2TvAllocator *allocator;
  guint n_buffers;
  GstVideoInfo info;
  gboolean video_meta;

  GMutex lock;
  /* one per index: capture, the pool's own (a reference) while not out;
   * output, the GstBufferPool's (no reference) while it exists */
  GstBuffer **bufs;
  GstMemory **mems;             /* the memory bufs[i] was given (no ref) */
  gboolean *out;                /* capture: bufs[i] acquired, not released */
  gint outstanding;             /* atomic: acquired, not yet released */
  gboolean detached;
};

G_DEFINE_TYPE (GstV4l2TvBufferPool, gst_v4l2_tv_buffer_pool,
    GST_TYPE_BUFFER_POOL);

/* lock held: the index of @buffer, or -1 */
static gint
gst_v4l2_tv_buffer_pool_find (GstV4l2TvBufferPool * self, GstBuffer * buffer)
{
  guint i;

  for (i = 0; i < self->n_buffers; i++) {
    if (self->bufs[i] == buffer)
      return i;
  }
  return -1;
}

/* lock held: whether bufs[@index] still has only the card buffer's memory
 * it was given */
static gboolean
gst_v4l2_tv_buffer_pool_intact (GstV4l2TvBufferPool * self, guint index)
{
  GstBuffer *buf = self->bufs[index];
  GstMemory *mem = self->mems[index];

  return mem && gst_buffer_n_memory (buf) == 1 &&
      gst_buffer_peek_memory (buf, 0) == mem &&
      !GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_TAG_MEMORY);
}

/* lock held: gives bufs[index] the card buffer's memory */
static gboolean
gst_v4l2_tv_buffer_pool_attach (GstV4l2TvBufferPool * self, guint index)
{
  GstBuffer *buf = self->bufs[index];
  GstMemory *mem;

  mem = gst_v4l2_tv_allocator_wrap (self->allocator, index, self->info.size);
  if (mem == NULL)
    return FALSE;
  gst_buffer_append_memory (buf, mem);
  GST_BUFFER_FLAG_UNSET (buf, GST_BUFFER_FLAG_TAG_MEMORY);
  self->mems[index] = mem;

  return TRUE;
}

/* lock held: a new buffer for @index, FALSE while the card buffer's
 * memory is still alive */
static gboolean
gst_v4l2_tv_buffer_pool_make_buffer (GstV4l2TvBufferPool * self, guint index)
{
  GstVideoInfo *info = &self->info;
  GstVideoMeta *meta;

  self->bufs[index] = gst_buffer_new ();
  if (!gst_v4l2_tv_buffer_pool_attach (self, index)) {
    gst_clear_buffer (&self->bufs[index]);
    return FALSE;
  }
  if (self->video_meta) {
    meta = gst_buffer_add_video_meta_full (self->bufs[index],
        GST_VIDEO_FRAME_FLAG_NONE, GST_VIDEO_INFO_FORMAT (info),
        GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
        GST_VIDEO_INFO_N_PLANES (info), info->offset, info->stride);
    /* kept when the buffer comes back */
    GST_META_FLAG_SET (meta, GST_META_FLAG_POOLED);
  }
  GST_LOG_OBJECT (self, "buffer %p for card buffer %u", self->bufs[index],
      index);

  return TRUE;
}

/* output: the frame size and the number of buffers are the card's:
 * upstream's values are replaced (it asked for no more than the card has,
 * as proposed in the allocation query) */
static gboolean
gst_v4l2_tv_buffer_pool_set_config (GstBufferPool * pool, GstStructure * config)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  GstCaps *caps;
  guint size, min, max;

  if (!gst_buffer_pool_config_get_params (config, &caps, &size, &min, &max))
    return FALSE;

  if (self->output) {
    if (size != self->info.size || min > self->n_buffers ||
        max != self->n_buffers)
      GST_DEBUG_OBJECT (pool, "asked for %u bytes, %u..%u buffers: the card "
          "has %u of %" G_GSIZE_FORMAT " bytes", size, min, max,
          self->n_buffers, self->info.size);
    gst_buffer_pool_config_set_params (config, caps, self->info.size,
        MIN (min, self->n_buffers), self->n_buffers);
  }

  return
      GST_BUFFER_POOL_CLASS (gst_v4l2_tv_buffer_pool_parent_class)->set_config
      (pool, config);
}

/* capture: one buffer per card buffer, made now. Output: none in advance;
 * each is made when first acquired, from a card buffer nobody holds, so
 * that activating the pool again while buffers of its last activation are
 * still out never fails */
static gboolean
gst_v4l2_tv_buffer_pool_start (GstBufferPool * pool)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  gboolean ret = TRUE;
  guint i;

  if (self->output)
    return TRUE;

  g_mutex_lock (&self->lock);
  for (i = 0; i < self->n_buffers && ret; i++) {
    if (self->bufs[i] == NULL)
      ret = gst_v4l2_tv_buffer_pool_make_buffer (self, i);
  }
  g_mutex_unlock (&self->lock);

  if (!ret)
    GST_ERROR_OBJECT (self, "could not wrap card buffer %u", i - 1);

  return ret;
}

/* all buffers are back */
static gboolean
gst_v4l2_tv_buffer_pool_stop (GstBufferPool * pool)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  guint i;

  /* output: the GstBufferPool frees the buffers it has */
  if (self->output)
    return
        GST_BUFFER_POOL_CLASS (gst_v4l2_tv_buffer_pool_parent_class)->stop
        (pool);

  g_mutex_lock (&self->lock);
  for (i = 0; i < self->n_buffers; i++) {
    gst_clear_buffer (&self->bufs[i]);
    self->mems[i] = NULL;
  }
  g_mutex_unlock (&self->lock);

  return TRUE;
}

/* output: a buffer over a card buffer nobody holds */
static GstFlowReturn
gst_v4l2_tv_buffer_pool_alloc_buffer (GstBufferPool * pool,
    GstBuffer ** buffer, GstBufferPoolAcquireParams * params)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  gboolean made = FALSE;
  guint i;

  g_mutex_lock (&self->lock);
  /* no buffer while the memory of a discarded buffer is still alive */
  for (i = 0; i < self->n_buffers && !made; i++) {
    if (self->bufs[i] == NULL)
      made = gst_v4l2_tv_buffer_pool_make_buffer (self, i);
  }
  if (made)
    *buffer = self->bufs[i - 1];
  g_mutex_unlock (&self->lock);

  if (!made)
    goto no_index;

  return GST_FLOW_OK;

  /* ERRORS */
no_index:
  {
    GST_WARNING_OBJECT (pool, "all %u card buffers are in use",
        self->n_buffers);
    return GST_FLOW_ERROR;
  }
}

/* output: the GstBufferPool discards @buffer */
static void
gst_v4l2_tv_buffer_pool_free_buffer (GstBufferPool * pool, GstBuffer * buffer)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  gint i;

  g_mutex_lock (&self->lock);
  i = gst_v4l2_tv_buffer_pool_find (self, buffer);
  if (i >= 0) {
    GST_LOG_OBJECT (pool, "freeing buffer %p of card buffer %d", buffer, i);
    self->bufs[i] = NULL;
    self->mems[i] = NULL;
  }
  g_mutex_unlock (&self->lock);

  GST_BUFFER_POOL_CLASS (gst_v4l2_tv_buffer_pool_parent_class)->free_buffer
      (pool, buffer);
}

/* capture: the buffer of card buffer params->start, just dequeued */
static GstFlowReturn
gst_v4l2_tv_buffer_pool_acquire_index_locked (GstV4l2TvBufferPool * self,
    guint index, GstBuffer ** buffer)
{
  if (self->detached)
    return GST_FLOW_FLUSHING;
  if (self->out[index]) {
    /* downstream still has the buffer, with memory of its own: the card's
     * came back without it; that buffer is dropped when it returns */
    GST_DEBUG_OBJECT (self, "buffer of card buffer %u still out, replacing",
        index);
    self->bufs[index] = NULL;
    self->mems[index] = NULL;
    self->out[index] = FALSE;
    g_atomic_int_add (&self->outstanding, -1);
  }
  if (self->bufs[index] == NULL) {
    if (!gst_v4l2_tv_buffer_pool_make_buffer (self, index))
      goto in_use;
  } else if (gst_buffer_n_memory (self->bufs[index]) == 0) {
    if (!gst_v4l2_tv_buffer_pool_attach (self, index))
      goto in_use;
  }
  self->out[index] = TRUE;
  *buffer = self->bufs[index];

  return GST_FLOW_OK;

  /* ERRORS */
in_use:
  {
    GST_ERROR_OBJECT (self, "card buffer %u is still in use", index);
    return GST_FLOW_ERROR;
  }
}

static GstFlowReturn
gst_v4l2_tv_buffer_pool_acquire_buffer (GstBufferPool * pool,
    GstBuffer ** buffer, GstBufferPoolAcquireParams * params)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  GstFlowReturn ret;

  if (self->output) {
    ret = GST_BUFFER_POOL_CLASS
        (gst_v4l2_tv_buffer_pool_parent_class)->acquire_buffer (pool, buffer,
        params);
  } else if (params == NULL || !(params->flags & ACQUIRE_FLAG_INDEX) ||
      params->start < 0 || params->start >= self->n_buffers) {
    GST_ERROR_OBJECT (self, "capture buffers are only acquired by card "
        "buffer index");
    return GST_FLOW_NOT_SUPPORTED;
  } else if (GST_BUFFER_POOL_IS_FLUSHING (pool)) {
    return GST_FLOW_FLUSHING;
  } else {
    g_mutex_lock (&self->lock);
    ret = gst_v4l2_tv_buffer_pool_acquire_index_locked (self, params->start,
        buffer);
    g_mutex_unlock (&self->lock);
  }
  if (ret == GST_FLOW_OK)
    g_atomic_int_inc (&self->outstanding);

  return ret;
}

/* capture: the one way back to the card, whether the buffer comes back
 * whole (now) or without its memory (when that memory is freed) */
static void
gst_v4l2_tv_buffer_pool_release_capture (GstV4l2TvBufferPool * self,
    GstBuffer * buffer)
{
  gint i;

  g_mutex_lock (&self->lock);
  i = gst_v4l2_tv_buffer_pool_find (self, buffer);
  if (i < 0)
    goto replaced;

  self->out[i] = FALSE;
  g_atomic_int_add (&self->outstanding, -1);
  if (self->detached)
    goto done;

  if (gst_v4l2_tv_buffer_pool_intact (self, i) &&
      GST_MINI_OBJECT_REFCOUNT_VALUE (self->mems[i]) == 1) {
    g_mutex_lock (&self->allocator->lock);
    gst_v4l2_tv_allocator_return (self->allocator, i);
    g_mutex_unlock (&self->allocator->lock);
  } else {
    /* shared or replaced: the index is returned when the last reference
     * to the card buffer's memory goes */
    GST_DEBUG_OBJECT (self, "card buffer %d released with its memory "
        "shared or replaced", i);
    gst_buffer_remove_all_memory (buffer);
    GST_BUFFER_FLAG_UNSET (buffer, GST_BUFFER_FLAG_TAG_MEMORY);
    self->mems[i] = NULL;
  }

done:
  g_mutex_unlock (&self->lock);
  return;

replaced:
  {
    g_mutex_unlock (&self->lock);
    GST_DEBUG_OBJECT (self, "dropping replaced buffer %p", buffer);
    gst_buffer_unref (buffer);
    return;
  }
}

static void
gst_v4l2_tv_buffer_pool_release_buffer (GstBufferPool * pool,
    GstBuffer * buffer)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);

  if (!self->output) {
    gst_v4l2_tv_buffer_pool_release_capture (self, buffer);
    return;
  }
  g_atomic_int_add (&self->outstanding, -1);
  GST_BUFFER_POOL_CLASS (gst_v4l2_tv_buffer_pool_parent_class)->release_buffer
      (pool, buffer);
}

static void
gst_v4l2_tv_buffer_pool_finalize (GObject * object)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (object);
  guint i;

  /* output: the GstBufferPool has freed its buffers (no reference here) */
  for (i = 0; i < self->n_buffers && !self->output; i++)
    gst_clear_buffer (&self->bufs[i]);
  g_free (self->bufs);
  g_free (self->mems);
  g_free (self->out);
  gst_clear_object (&self->allocator);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (gst_v4l2_tv_buffer_pool_parent_class)->finalize (object);
}

static void
gst_v4l2_tv_buffer_pool_class_init (GstV4l2TvBufferPoolClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstBufferPoolClass *pool_class = GST_BUFFER_POOL_CLASS (klass);

  gobject_class->finalize = gst_v4l2_tv_buffer_pool_finalize;
  pool_class->set_config = gst_v4l2_tv_buffer_pool_set_config;
  pool_class->start = gst_v4l2_tv_buffer_pool_start;
  pool_class->stop = gst_v4l2_tv_buffer_pool_stop;
  pool_class->alloc_buffer = gst_v4l2_tv_buffer_pool_alloc_buffer;
  pool_class->free_buffer = gst_v4l2_tv_buffer_pool_free_buffer;
  pool_class->acquire_buffer = gst_v4l2_tv_buffer_pool_acquire_buffer;
  pool_class->release_buffer = gst_v4l2_tv_buffer_pool_release_buffer;
}

static void
gst_v4l2_tv_buffer_pool_init (GstV4l2TvBufferPool * self)
{
  g_mutex_init (&self->lock);
}

/**
 * gst_v4l2_tv_buffer_pool_new:
 * @kind: the kind of the node the buffers are of
 * @maps: (array length=n_buffers): the card's mapped buffers
 * @n_buffers: how many buffers the card has
 * @caps: (nullable): the caps of the frames
 * @info: the card's frames, with their layout
 * @video_meta: whether the buffers carry a #GstVideoMeta
 *
 * Returns: (transfer full): a configured, inactive pool over @maps, which
 * must stay mapped until gst_v4l2_tv_buffer_pool_detach()
 */
GstBufferPool *
gst_v4l2_tv_buffer_pool_new (GstTvHwNodeKind kind,
    const GstV4l2TvMapping * maps, guint n_buffers, GstCaps * caps,
    const GstVideoInfo * info, gboolean video_meta)
{
  GstV4l2TvBufferPool *self;
  GstV4l2TvAllocator *allocator;
  GstStructure *config;
  guint i;

  allocator = g_object_new (GST_TYPE_V4L2_TV_ALLOCATOR, NULL);
  gst_object_ref_sink (allocator);
  allocator->slots = g_new0 (Slot, n_buffers);
  allocator->n_slots = n_buffers;
  for (i = 0; i < n_buffers; i++) {
    allocator->slots[i].data = maps[i].data;
    allocator->slots[i].size = maps[i].size;
  }

  self = g_object_new (GST_TYPE_V4L2_TV_BUFFER_POOL, NULL);
  gst_object_ref_sink (self);
  self->output = gst_tv_hw_node_kind_is_output (kind);
  allocator->requeue = !self->output;
  self->allocator = allocator;
  self->n_buffers = n_buffers;
  self->info = *info;
  self->video_meta = video_meta;
  self->bufs = g_new0 (GstBuffer *, n_buffers);
  self->mems = g_new0 (GstMemory *, n_buffers);
  self->out = g_new0 (gboolean, n_buffers);

  config = gst_buffer_pool_get_config (GST_BUFFER_POOL (self));
  gst_buffer_pool_config_set_params (config, caps, info->size,
      self->output ? 0 : n_buffers, n_buffers);
  if (!gst_buffer_pool_set_config (GST_BUFFER_POOL (self), config))
    GST_WARNING_OBJECT (self, "could not configure the pool");

  return GST_BUFFER_POOL (self);
}

/**
 * gst_v4l2_tv_buffer_pool_detach:
 * @pool: a pool
 *
 * Ends the session before the card's buffers are freed: the pool is
 * deactivated, frames still held outside it are moved into private copies
 * and nothing is returned any more.
 */
void
gst_v4l2_tv_buffer_pool_detach (GstBufferPool * pool)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  guint i;

  g_mutex_lock (&self->lock);
  self->detached = TRUE;
  /* capture: nobody holds these, nothing to copy */
  for (i = 0; i < self->n_buffers && !self->output; i++) {
    if (self->bufs[i] && !self->out[i]) {
      gst_buffer_remove_all_memory (self->bufs[i]);
      self->mems[i] = NULL;
    }
  }
  GST_DEBUG_OBJECT (self, "detaching, %d buffers out",
      g_atomic_int_get (&self->outstanding));
  g_mutex_unlock (&self->lock);

  /* output: the buffers in the pool are freed, not copied */
  if (self->output)
    gst_buffer_pool_set_active (pool, FALSE);
  /* not under our lock: a thread that still has a frame mapped may give
   * another buffer back before it unmaps */
  gst_v4l2_tv_allocator_detach (self->allocator);
  if (!self->output)
    gst_buffer_pool_set_active (pool, FALSE);
}

/**
 * gst_v4l2_tv_buffer_pool_get_outstanding:
 * @pool: a pool
 *
 * Returns: how many of its buffers are acquired and not released
 */
guint
gst_v4l2_tv_buffer_pool_get_outstanding (GstBufferPool * pool)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);

  return MAX (g_atomic_int_get (&self->outstanding), 0);
}

/**
 * gst_v4l2_tv_buffer_pool_acquire_index:
 * @pool: an active capture pool
 * @index: the index of a card buffer just dequeued
 * @buffer: (out): the pool's buffer over it
 *
 * Returns: GST_FLOW_OK, GST_FLOW_FLUSHING once the pool is detached, or
 * GST_FLOW_ERROR when the card buffer is still in use downstream
 */
GstFlowReturn
gst_v4l2_tv_buffer_pool_acquire_index (GstBufferPool * pool, guint index,
    GstBuffer ** buffer)
{
  GstBufferPoolAcquireParams params = { 0, };

  params.format = GST_FORMAT_DEFAULT;
  params.start = index;
  params.flags = ACQUIRE_FLAG_INDEX;

  return gst_buffer_pool_acquire_buffer (pool, buffer, &params);
}

/**
 * gst_v4l2_tv_buffer_pool_pop_returned:
 * @pool: a capture pool
 * @index: (out): a card buffer nobody holds any more
 *
 * Returns: whether there was one, to be queued to the card again
 */
gboolean
gst_v4l2_tv_buffer_pool_pop_returned (GstBufferPool * pool, guint * index)
{
  GstV4l2TvAllocator *allocator = GST_V4L2_TV_BUFFER_POOL (pool)->allocator;
  gboolean ret;

  g_mutex_lock (&allocator->lock);
  ret = !g_queue_is_empty (&allocator->returned);
  if (ret)
    *index = GPOINTER_TO_UINT (g_queue_pop_head (&allocator->returned));
  g_mutex_unlock (&allocator->lock);

  return ret;
}

/**
 * gst_v4l2_tv_buffer_pool_get_index:
 * @pool: an output pool
 * @buffer: any buffer
 *
 * Returns: the index of the card buffer that @buffer is, or -1 when it is
 * not one of @pool's buffers with its memory untouched (then the frame has
 * to be copied into a card buffer)
 */
gint
gst_v4l2_tv_buffer_pool_get_index (GstBufferPool * pool, GstBuffer * buffer)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  gint i;

  if (buffer->pool != pool)
    return -1;
  g_mutex_lock (&self->lock);
  i = gst_v4l2_tv_buffer_pool_find (self, buffer);
  if (i >= 0 && !gst_v4l2_tv_buffer_pool_intact (self, i))
    i = -1;
  g_mutex_unlock (&self->lock);

  return i;
}

/**
 * gst_v4l2_tv_buffer_pool_get_available:
 * @pool: an output pool
 *
 * Returns: how many buffers can be acquired without waiting for one to be
 * released: card buffers that nobody holds
 */
guint
gst_v4l2_tv_buffer_pool_get_available (GstBufferPool * pool)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  guint outstanding = gst_v4l2_tv_buffer_pool_get_outstanding (pool);

  return outstanding >= self->n_buffers ? 0 : self->n_buffers - outstanding;
}
