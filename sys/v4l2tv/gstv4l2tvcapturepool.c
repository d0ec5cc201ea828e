/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: a GstBufferPool over a card's mapped capture buffers.
 *
 * v4l2tvsrc pushes frames in the card's own format without copying them,
 * through this pool. One pool serves one streaming session (REQBUFS ..
 * REQBUFS 0): when it is activated it makes one GstBuffer per card buffer,
 * whose only memory, from a GstV4l2TvAllocator, is that card buffer's
 * mapping. After DQBUF the streaming thread acquires the buffer of the
 * dequeued index (gst_v4l2_tv_capture_pool_acquire), stamps it and pushes
 * it; nothing is allocated per frame (the video meta, when there is one,
 * is made once and kept as a pooled meta).
 *
 * When downstream drops the last reference, release_buffer puts the index
 * on the "returned" list, and the streaming thread queues it to the card
 * again before its next wait (gst_v4l2_tv_capture_pool_pop_returned). The
 * pool itself never touches the device, whose handle is not thread-safe.
 * A buffer that comes back while its memory is still shared (a shallow
 * copy of it is alive) or no longer its own (downstream replaced it) gives
 * its memory up instead; the index then comes back through the allocator
 * when the memory is freed, and the buffer gets a new memory when its index
 * is next dequeued.
 *
 * Before the card's buffers are freed (stop, or a live input/norm switch),
 * gst_v4l2_tv_capture_pool_detach() drops the memory of the buffers in the
 * pool and detaches the allocator, which copies every frame still held
 * downstream into private memory (waiting for it to be unmapped first), so
 * that held frames stay valid and correct. The pool is deactivated then;
 * it frees its buffers once the last one has come back.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstv4l2tvcapturepool.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

/* acquire the buffer of card buffer params->start */
#define ACQUIRE_FLAG_INDEX GST_BUFFER_POOL_ACQUIRE_FLAG_LAST

struct _GstV4l2TvCapturePool
{
  GstBufferPool parent;

  GstV4l2TvAllocator *allocator;
  guint n_buffers;
  GstVideoInfo info;
  gboolean video_meta;

  GMutex lock;
  GstBuffer **bufs;             /* one per index; the pool's while not out */
  GstMemory **mems;             /* the memory bufs[i] was given (no ref) */
  gboolean *out;                /* bufs[i] acquired and not released */
  guint outstanding;
  GQueue returned;              /* indices, GUINT_TO_POINTER */
  gboolean detached;
};

G_DEFINE_TYPE (GstV4l2TvCapturePool, gst_v4l2_tv_capture_pool,
    GST_TYPE_BUFFER_POOL);

/* lock held: gives bufs[index] the card buffer's memory */
static gboolean
gst_v4l2_tv_capture_pool_attach (GstV4l2TvCapturePool * self, guint index)
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

/* lock held: a new buffer for @index */
static gboolean
gst_v4l2_tv_capture_pool_make_buffer (GstV4l2TvCapturePool * self, guint index)
{
  GstVideoInfo *info = &self->info;
  GstVideoMeta *meta;

  self->bufs[index] = gst_buffer_new ();
  if (!gst_v4l2_tv_capture_pool_attach (self, index)) {
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

static gboolean
gst_v4l2_tv_capture_pool_start (GstBufferPool * pool)
{
  GstV4l2TvCapturePool *self = GST_V4L2_TV_CAPTURE_POOL (pool);
  gboolean ret = TRUE;
  guint i;

  g_mutex_lock (&self->lock);
  for (i = 0; i < self->n_buffers && ret; i++) {
    if (self->bufs[i] == NULL)
      ret = gst_v4l2_tv_capture_pool_make_buffer (self, i);
  }
  g_mutex_unlock (&self->lock);

  if (!ret)
    GST_ERROR_OBJECT (self, "could not wrap card buffer %u", i - 1);

  return ret;
}

/* all buffers are back */
static gboolean
gst_v4l2_tv_capture_pool_stop (GstBufferPool * pool)
{
  GstV4l2TvCapturePool *self = GST_V4L2_TV_CAPTURE_POOL (pool);
  guint i;

  g_mutex_lock (&self->lock);
  for (i = 0; i < self->n_buffers; i++) {
    gst_clear_buffer (&self->bufs[i]);
    self->mems[i] = NULL;
  }
  g_mutex_unlock (&self->lock);

  return TRUE;
}

static GstFlowReturn
gst_v4l2_tv_capture_pool_acquire_buffer (GstBufferPool * pool,
    GstBuffer ** buffer, GstBufferPoolAcquireParams * params)
{
  GstV4l2TvCapturePool *self = GST_V4L2_TV_CAPTURE_POOL (pool);
  guint index;

  if (params == NULL || !(params->flags & ACQUIRE_FLAG_INDEX) ||
      params->start < 0 || params->start >= self->n_buffers)
    goto not_supported;
  index = params->start;

  if (GST_BUFFER_POOL_IS_FLUSHING (pool))
    return GST_FLOW_FLUSHING;

  g_mutex_lock (&self->lock);
  if (self->detached)
    goto flushing;
  if (self->out[index]) {
    /* downstream still has the buffer, with memory of its own: the card's
     * came back without it; that buffer is dropped when it returns */
    GST_DEBUG_OBJECT (self, "buffer of card buffer %u still out, replacing",
        index);
    self->bufs[index] = NULL;
    self->mems[index] = NULL;
    self->out[index] = FALSE;
    self->outstanding--;
  }
  if (self->bufs[index] == NULL) {
    if (!gst_v4l2_tv_capture_pool_make_buffer (self, index))
      goto in_use;
  } else if (gst_buffer_n_memory (self->bufs[index]) == 0) {
    if (!gst_v4l2_tv_capture_pool_attach (self, index))
      goto in_use;
  }
  self->out[index] = TRUE;
  self->outstanding++;
  *buffer = self->bufs[index];
  g_mutex_unlock (&self->lock);

  return GST_FLOW_OK;

  /* ERRORS */
not_supported:
  {
    GST_ERROR_OBJECT (self, "buffers are only acquired by card buffer index");
    return GST_FLOW_NOT_SUPPORTED;
  }
flushing:
  {
    g_mutex_unlock (&self->lock);
    return GST_FLOW_FLUSHING;
  }
in_use:
  {
    g_mutex_unlock (&self->lock);
    GST_ERROR_OBJECT (self, "card buffer %u is still in use", index);
    return GST_FLOW_ERROR;
  }
}

static void
gst_v4l2_tv_capture_pool_release_buffer (GstBufferPool * pool,
    GstBuffer * buffer)
{
  GstV4l2TvCapturePool *self = GST_V4L2_TV_CAPTURE_POOL (pool);
  GstMemory *mem;
  guint i;

  g_mutex_lock (&self->lock);
  for (i = 0; i < self->n_buffers; i++) {
    if (self->bufs[i] == buffer)
      break;
  }
  if (i == self->n_buffers)
    goto replaced;

  self->out[i] = FALSE;
  self->outstanding--;
  if (self->detached)
    goto done;

  mem = self->mems[i];
  if (mem && gst_buffer_n_memory (buffer) == 1 &&
      gst_buffer_peek_memory (buffer, 0) == mem &&
      !GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_TAG_MEMORY) &&
      GST_MINI_OBJECT_REFCOUNT_VALUE (mem) == 1) {
    g_queue_push_tail (&self->returned, GUINT_TO_POINTER (i));
    GST_LOG_OBJECT (self, "card buffer %u returned", i);
  } else {
    /* shared or replaced: the index comes back through the allocator when
     * the last reference to the card buffer's memory goes */
    GST_DEBUG_OBJECT (self, "card buffer %u released with its memory "
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
gst_v4l2_tv_capture_pool_finalize (GObject * object)
{
  GstV4l2TvCapturePool *self = GST_V4L2_TV_CAPTURE_POOL (object);
  guint i;

  for (i = 0; i < self->n_buffers; i++)
    gst_clear_buffer (&self->bufs[i]);
  g_free (self->bufs);
  g_free (self->mems);
  g_free (self->out);
  g_queue_clear (&self->returned);
  gst_clear_object (&self->allocator);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (gst_v4l2_tv_capture_pool_parent_class)->finalize (object);
}

static void
gst_v4l2_tv_capture_pool_class_init (GstV4l2TvCapturePoolClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstBufferPoolClass *pool_class = GST_BUFFER_POOL_CLASS (klass);

  gobject_class->finalize = gst_v4l2_tv_capture_pool_finalize;
  pool_class->start = gst_v4l2_tv_capture_pool_start;
  pool_class->stop = gst_v4l2_tv_capture_pool_stop;
  pool_class->acquire_buffer = gst_v4l2_tv_capture_pool_acquire_buffer;
  pool_class->release_buffer = gst_v4l2_tv_capture_pool_release_buffer;
}

static void
gst_v4l2_tv_capture_pool_init (GstV4l2TvCapturePool * self)
{
  g_mutex_init (&self->lock);
  g_queue_init (&self->returned);
}

/**
 * gst_v4l2_tv_capture_pool_new:
 * @allocator: the allocator over the card's mapped buffers
 * @n_buffers: how many buffers the card has
 * @info: the card's frames, with their layout
 * @video_meta: whether the buffers carry a #GstVideoMeta
 *
 * Returns: (transfer full): a configured, inactive pool
 */
GstBufferPool *
gst_v4l2_tv_capture_pool_new (GstV4l2TvAllocator * allocator,
    guint n_buffers, const GstVideoInfo * info, gboolean video_meta)
{
  GstV4l2TvCapturePool *self;
  GstStructure *config;

  self = g_object_new (GST_TYPE_V4L2_TV_CAPTURE_POOL, NULL);
  gst_object_ref_sink (self);
  self->allocator = gst_object_ref (allocator);
  self->n_buffers = n_buffers;
  self->info = *info;
  self->video_meta = video_meta;
  self->bufs = g_new0 (GstBuffer *, n_buffers);
  self->mems = g_new0 (GstMemory *, n_buffers);
  self->out = g_new0 (gboolean, n_buffers);

  config = gst_buffer_pool_get_config (GST_BUFFER_POOL (self));
  gst_buffer_pool_config_set_params (config, NULL, info->size, n_buffers,
      n_buffers);
  if (!gst_buffer_pool_set_config (GST_BUFFER_POOL (self), config))
    GST_WARNING_OBJECT (self, "could not configure the pool");

  return GST_BUFFER_POOL (self);
}

/**
 * gst_v4l2_tv_capture_pool_acquire:
 * @pool: an active capture pool
 * @index: the index of a card buffer just dequeued
 * @buffer: (out): the pool's buffer over it
 *
 * Returns: GST_FLOW_OK, GST_FLOW_FLUSHING once the pool is deactivated, or
 * GST_FLOW_ERROR when the card buffer is still in use downstream
 */
GstFlowReturn
gst_v4l2_tv_capture_pool_acquire (GstBufferPool * pool, guint index,
    GstBuffer ** buffer)
{
  GstBufferPoolAcquireParams params = { 0, };

  params.format = GST_FORMAT_DEFAULT;
  params.start = index;
  params.flags = ACQUIRE_FLAG_INDEX;

  return gst_buffer_pool_acquire_buffer (pool, buffer, &params);
}

/**
 * gst_v4l2_tv_capture_pool_pop_returned:
 * @pool: a capture pool
 * @index: (out): a card buffer nobody holds any more
 *
 * Returns: whether there was one, to be queued to the card again
 */
gboolean
gst_v4l2_tv_capture_pool_pop_returned (GstBufferPool * pool, guint * index)
{
  GstV4l2TvCapturePool *self = GST_V4L2_TV_CAPTURE_POOL (pool);
  gboolean ret;

  g_mutex_lock (&self->lock);
  ret = !g_queue_is_empty (&self->returned);
  if (ret)
    *index = GPOINTER_TO_UINT (g_queue_pop_head (&self->returned));
  g_mutex_unlock (&self->lock);

  return ret || gst_v4l2_tv_allocator_pop_returned (self->allocator, index);
}

/**
 * gst_v4l2_tv_capture_pool_get_outstanding:
 * @pool: a capture pool
 *
 * Returns: how many of its buffers are out (downstream)
 */
guint
gst_v4l2_tv_capture_pool_get_outstanding (GstBufferPool * pool)
{
  GstV4l2TvCapturePool *self = GST_V4L2_TV_CAPTURE_POOL (pool);
  guint ret;

  g_mutex_lock (&self->lock);
  ret = self->outstanding;
  g_mutex_unlock (&self->lock);

  return ret;
}

/**
 * gst_v4l2_tv_capture_pool_detach:
 * @pool: a capture pool
 *
 * Ends the session before the card's buffers are freed: frames still held
 * downstream are moved into private copies, nothing is returned any more
 * and the pool is deactivated.
 */
void
gst_v4l2_tv_capture_pool_detach (GstBufferPool * pool)
{
  GstV4l2TvCapturePool *self = GST_V4L2_TV_CAPTURE_POOL (pool);
  guint i;

  g_mutex_lock (&self->lock);
  self->detached = TRUE;
  /* nobody holds these: nothing to copy */
  for (i = 0; i < self->n_buffers; i++) {
    if (self->bufs[i] && !self->out[i]) {
      gst_buffer_remove_all_memory (self->bufs[i]);
      self->mems[i] = NULL;
    }
  }
  g_queue_clear (&self->returned);
  GST_DEBUG_OBJECT (self, "detaching, %u buffers downstream",
      self->outstanding);
  g_mutex_unlock (&self->lock);

  /* not under our lock: a thread that still has a frame mapped may give
   * another buffer back before it unmaps */
  gst_v4l2_tv_allocator_detach (self->allocator);
  gst_buffer_pool_set_active (pool, FALSE);
}
