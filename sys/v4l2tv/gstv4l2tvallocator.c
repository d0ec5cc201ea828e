/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: zero-copy GstMemory over a card's mapped capture buffers.
 *
 * One allocator serves one streaming session (REQBUFS .. REQBUFS 0). The
 * element wraps each dequeued buffer in a GstMemory and pushes it; when
 * downstream drops the last reference the buffer's index is put on a
 * "returned" list, and the streaming thread queues it to the card again
 * before its next wait. Memory is never given back to the card from a
 * downstream thread, because a device handle is not thread-safe.
 *
 * Before the buffers are freed (REQBUFS 0 on stop, or a live input/norm
 * switch, which must free them because drivers refuse S_INPUT/S_STD/S_FMT
 * while buffers exist), gst_v4l2_tv_allocator_detach() moves every frame
 * still held downstream into a private copy: it waits until nobody has the
 * memory mapped, copies it, and points the memory at the copy. Buffers held
 * by a sink (last-sample) or a queue across a switch thus stay valid
 * without waiting for them to come back: a userspace version of the
 * kernel's orphaned buffers. A frame that is mapped is never copied: the
 * pointer downstream holds would dangle once the card's buffer is freed,
 * so detach waits for the unmap however long it takes, and says so.
 *
 * v4l2tvsrc wraps each card buffer once per session, in the buffers of a
 * GstV4l2TvCapturePool; the memory is then only freed at the end of the
 * session, or earlier when a pool buffer comes back while a copy of it
 * still shares the memory (the index then returns from here when that
 * last reference goes).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstv4l2tvallocator.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

/* how often detach says that it is still waiting for an unmap */
#define DETACH_WARN_INTERVAL (5 * G_TIME_SPAN_SECOND)

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
  GQueue returned;              /* indices, GUINT_TO_POINTER */
  guint outstanding;
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

static void
gst_v4l2_tv_allocator_free (GstAllocator * allocator, GstMemory * memory)
{
  GstV4l2TvAllocator *self = GST_V4L2_TV_ALLOCATOR (allocator);
  GstV4l2TvMemory *mem = (GstV4l2TvMemory *) memory;

  if (memory->parent == NULL) {
    g_mutex_lock (&self->lock);
    if (!mem->detached) {
      self->slots[mem->index].mem = NULL;
      g_queue_push_tail (&self->returned, GUINT_TO_POINTER (mem->index));
      self->outstanding--;
      GST_LOG_OBJECT (self, "buffer %u returned", mem->index);
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

GstV4l2TvAllocator *
gst_v4l2_tv_allocator_new (guint n_buffers)
{
  GstV4l2TvAllocator *self;

  self = g_object_new (GST_TYPE_V4L2_TV_ALLOCATOR, NULL);
  gst_object_ref_sink (self);
  self->slots = g_new0 (Slot, n_buffers);
  self->n_slots = n_buffers;

  return self;
}

void
gst_v4l2_tv_allocator_set_mapping (GstV4l2TvAllocator * self, guint index,
    gpointer data, gsize size)
{
  g_return_if_fail (index < self->n_slots);

  self->slots[index].data = data;
  self->slots[index].size = size;
}

/* a memory of @size bytes over buffer @index, which the caller has just
 * dequeued; the index comes back through _pop_returned() once the memory
 * and every memory shared from it are freed */
GstMemory *
gst_v4l2_tv_allocator_wrap (GstV4l2TvAllocator * self, guint index, gsize size)
{
  GstV4l2TvMemory *mem;
  Slot *slot;

  g_return_val_if_fail (index < self->n_slots, NULL);

  g_mutex_lock (&self->lock);
  slot = &self->slots[index];
  if (slot->mem != NULL)
    goto in_use;

  mem = g_new0 (GstV4l2TvMemory, 1);
  gst_memory_init (GST_MEMORY_CAST (mem), 0, GST_ALLOCATOR_CAST (self),
      NULL, slot->size, 0, 0, MIN (size, slot->size));
  mem->index = index;
  mem->data = slot->data;
  slot->mem = mem;
  self->outstanding++;
  g_mutex_unlock (&self->lock);

  return GST_MEMORY_CAST (mem);

  /* ERRORS */
in_use:
  {
    g_mutex_unlock (&self->lock);
    GST_ERROR_OBJECT (self, "buffer %u is still in use", index);
    return NULL;
  }
}

gboolean
gst_v4l2_tv_allocator_pop_returned (GstV4l2TvAllocator * self, guint * index)
{
  gboolean ret;

  g_mutex_lock (&self->lock);
  ret = !g_queue_is_empty (&self->returned);
  if (ret)
    *index = GPOINTER_TO_UINT (g_queue_pop_head (&self->returned));
  g_mutex_unlock (&self->lock);

  return ret;
}

guint
gst_v4l2_tv_allocator_get_outstanding (GstV4l2TvAllocator * self)
{
  guint ret;

  g_mutex_lock (&self->lock);
  ret = self->outstanding;
  g_mutex_unlock (&self->lock);

  return ret;
}

/*
 * Moves every frame still held downstream into a private copy, so that the
 * card's buffers can be freed. After this no memory of @self refers to a
 * mapped buffer and nothing is returned any more; the caller drops its
 * reference.
 *
 * A frame mapped downstream is copied once it is unmapped, never before:
 * copying it anyway would leave the holder of the mapping with a pointer
 * into a freed buffer. Mappings are short-lived (map, read, unmap), so this
 * normally waits for nothing; a warning repeats while it does.
 */
void
gst_v4l2_tv_allocator_detach (GstV4l2TvAllocator * self)
{
  guint i;

  g_mutex_lock (&self->lock);
  for (i = 0; i < self->n_slots; i++) {
    Slot *slot = &self->slots[i];
    GstV4l2TvMemory *mem;
    gint64 end = g_get_monotonic_time () + DETACH_WARN_INTERVAL;
    gint waited = 0;

    /* the memory may be freed while we wait: look at the slot again */
    while (slot->mem != NULL && slot->mem->map_count > 0) {
      if (!g_cond_wait_until (&self->cond, &self->lock, end)) {
        waited += DETACH_WARN_INTERVAL / G_TIME_SPAN_SECOND;
        GST_WARNING_OBJECT (self, "buffer %u is still mapped downstream "
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
    self->outstanding--;
    GST_DEBUG_OBJECT (self, "buffer %u held downstream, detached", i);
  }
  g_queue_clear (&self->returned);
  g_mutex_unlock (&self->lock);
}
