/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: a GstBufferPool over a card's mapped output buffers.
 *
 * v4l2tvsink offers this pool in its allocation query when upstream sends
 * the card's own format, so that a producer draws straight into the
 * memory the card scans out. Each pool buffer is one card buffer: its
 * only memory comes from a GstV4l2TvAllocator (gst_v4l2_tv_allocator_wrap)
 * and carries the card buffer's index. The sink queues such a buffer to
 * the card by index, with no copy, and keeps a reference until the card
 * has displayed it; dropping that reference puts the buffer back in the
 * pool. For any other buffer the sink acquires a pool buffer itself and
 * copies (or converts) into it. A pool buffer that is not acquired is
 * therefore a card buffer that is not queued.
 *
 * The pool never touches the device, so it is safe to use from upstream's
 * thread: only the sink's streaming thread queues and dequeues. Buffers
 * are made on demand, one per card buffer at most (max-buffers is the
 * number of card buffers), and a buffer whose memory was replaced is
 * discarded and made again from its index.
 *
 * When the sink frees the card's buffers it deactivates the pool and
 * detaches the allocator: buffers still held upstream then point at a
 * private copy of their frame instead of the card's memory.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstv4l2tvbufferpool.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

typedef struct
{
  guint index;
  GstMemory *mem;               /* not reffed: the buffer holds it */
} BufferInfo;

struct _GstV4l2TvBufferPool
{
  GstBufferPool parent;

  GstV4l2TvAllocator *allocator;
  guint n_buffers;
  gsize size;

  GMutex lock;
  gboolean *live;               /* index i has a pool buffer */
  gint outstanding;             /* atomic: acquired, not yet released */
};

G_DEFINE_TYPE (GstV4l2TvBufferPool, gst_v4l2_tv_buffer_pool,
    GST_TYPE_BUFFER_POOL);

static GQuark
buffer_info_quark (void)
{
  static GQuark quark = 0;

  if (quark == 0)
    quark = g_quark_from_static_string ("GstV4l2TvBufferPoolInfo");
  return quark;
}

static const BufferInfo *
get_info (GstBuffer * buffer)
{
  return gst_mini_object_get_qdata (GST_MINI_OBJECT_CAST (buffer),
      buffer_info_quark ());
}

/* the frame size and the number of buffers are the card's: upstream's
 * values are replaced (it asked for no more than the card has, as
 * proposed in the allocation query) */
static gboolean
gst_v4l2_tv_buffer_pool_set_config (GstBufferPool * pool, GstStructure * config)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  GstCaps *caps;
  guint size, min, max;

  if (!gst_buffer_pool_config_get_params (config, &caps, &size, &min, &max))
    return FALSE;

  if (size != self->size || min > self->n_buffers || max != self->n_buffers)
    GST_DEBUG_OBJECT (pool, "asked for %u bytes, %u..%u buffers: the card "
        "has %u of %" G_GSIZE_FORMAT " bytes", size, min, max,
        self->n_buffers, self->size);
  gst_buffer_pool_config_set_params (config, caps, self->size,
      MIN (min, self->n_buffers), self->n_buffers);

  return
      GST_BUFFER_POOL_CLASS (gst_v4l2_tv_buffer_pool_parent_class)->set_config
      (pool, config);
}

/* no buffers made in advance: each is made when first acquired, from a
 * card buffer nobody holds, so that activating the pool again while
 * buffers of its last activation are still out never fails */
static gboolean
gst_v4l2_tv_buffer_pool_start (GstBufferPool * pool)
{
  return TRUE;
}

static GstFlowReturn
gst_v4l2_tv_buffer_pool_alloc_buffer (GstBufferPool * pool,
    GstBuffer ** buffer, GstBufferPoolAcquireParams * params)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  GstMemory *mem = NULL;
  BufferInfo *info;
  GstBuffer *buf;
  guint i;

  g_mutex_lock (&self->lock);
  for (i = 0; i < self->n_buffers; i++) {
    if (self->live[i])
      continue;
    /* NULL while the memory of a discarded buffer is still alive */
    mem = gst_v4l2_tv_allocator_wrap (self->allocator, i, self->size);
    if (mem) {
      self->live[i] = TRUE;
      break;
    }
  }
  g_mutex_unlock (&self->lock);

  if (mem == NULL)
    goto no_index;

  buf = gst_buffer_new ();
  gst_buffer_append_memory (buf, mem);
  GST_BUFFER_FLAG_UNSET (buf, GST_BUFFER_FLAG_TAG_MEMORY);
  info = g_new (BufferInfo, 1);
  info->index = i;
  info->mem = mem;
  gst_mini_object_set_qdata (GST_MINI_OBJECT_CAST (buf), buffer_info_quark (),
      info, g_free);

  GST_LOG_OBJECT (pool, "buffer %p for card buffer %u", buf, i);
  *buffer = buf;

  return GST_FLOW_OK;

  /* ERRORS */
no_index:
  {
    GST_WARNING_OBJECT (pool, "all %u card buffers are in use",
        self->n_buffers);
    return GST_FLOW_ERROR;
  }
}

static void
gst_v4l2_tv_buffer_pool_free_buffer (GstBufferPool * pool, GstBuffer * buffer)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  const BufferInfo *info = get_info (buffer);

  if (info) {
    GST_LOG_OBJECT (pool, "freeing buffer %p of card buffer %u", buffer,
        info->index);
    g_mutex_lock (&self->lock);
    self->live[info->index] = FALSE;
    g_mutex_unlock (&self->lock);
  }

  GST_BUFFER_POOL_CLASS (gst_v4l2_tv_buffer_pool_parent_class)->free_buffer
      (pool, buffer);
}

static GstFlowReturn
gst_v4l2_tv_buffer_pool_acquire_buffer (GstBufferPool * pool,
    GstBuffer ** buffer, GstBufferPoolAcquireParams * params)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  GstFlowReturn ret;

  ret =
      GST_BUFFER_POOL_CLASS
      (gst_v4l2_tv_buffer_pool_parent_class)->acquire_buffer (pool, buffer,
      params);
  if (ret == GST_FLOW_OK)
    g_atomic_int_inc (&self->outstanding);

  return ret;
}

static void
gst_v4l2_tv_buffer_pool_release_buffer (GstBufferPool * pool,
    GstBuffer * buffer)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);

  g_atomic_int_add (&self->outstanding, -1);
  GST_BUFFER_POOL_CLASS (gst_v4l2_tv_buffer_pool_parent_class)->release_buffer
      (pool, buffer);
}

static void
gst_v4l2_tv_buffer_pool_finalize (GObject * object)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (object);

  gst_clear_object (&self->allocator);
  g_free (self->live);
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
 * @allocator: the allocator over the card's mapped buffers
 * @n_buffers: how many buffers the card has
 * @caps: the caps of the frames
 * @size: the size of one frame
 *
 * Returns: (transfer full): a configured, inactive pool
 */
GstBufferPool *
gst_v4l2_tv_buffer_pool_new (GstV4l2TvAllocator * allocator, guint n_buffers,
    GstCaps * caps, gsize size)
{
  GstV4l2TvBufferPool *self;
  GstStructure *config;

  self = g_object_new (GST_TYPE_V4L2_TV_BUFFER_POOL, NULL);
  gst_object_ref_sink (self);
  self->allocator = gst_object_ref (allocator);
  self->n_buffers = n_buffers;
  self->size = size;
  self->live = g_new0 (gboolean, n_buffers);

  config = gst_buffer_pool_get_config (GST_BUFFER_POOL (self));
  gst_buffer_pool_config_set_params (config, caps, size, 0, n_buffers);
  if (!gst_buffer_pool_set_config (GST_BUFFER_POOL (self), config))
    GST_WARNING_OBJECT (self, "could not configure the pool");

  return GST_BUFFER_POOL (self);
}

/**
 * gst_v4l2_tv_buffer_pool_get_index:
 * @pool: a pool
 * @buffer: any buffer
 *
 * Returns: the index of the card buffer that @buffer is, or -1 when it is
 * not one of @pool's buffers with its memory untouched (then the frame has
 * to be copied into a card buffer)
 */
gint
gst_v4l2_tv_buffer_pool_get_index (GstBufferPool * pool, GstBuffer * buffer)
{
  const BufferInfo *info;

  if (buffer->pool != pool)
    return -1;
  info = get_info (buffer);
  if (info == NULL ||
      GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_TAG_MEMORY) ||
      gst_buffer_n_memory (buffer) != 1 ||
      gst_buffer_peek_memory (buffer, 0) != info->mem)
    return -1;

  return info->index;
}

/**
 * gst_v4l2_tv_buffer_pool_get_available:
 * @pool: a pool
 *
 * Returns: how many buffers can be acquired without waiting for one to be
 * released: card buffers that nobody holds
 */
guint
gst_v4l2_tv_buffer_pool_get_available (GstBufferPool * pool)
{
  GstV4l2TvBufferPool *self = GST_V4L2_TV_BUFFER_POOL (pool);
  gint outstanding = g_atomic_int_get (&self->outstanding);

  return outstanding >= (gint) self->n_buffers ? 0 :
      self->n_buffers - outstanding;
}
