import { PHOTOS_PER_ORDER, type PhotoList } from '@gs/shared/photos'
import { defineRoute } from '#functions/lib/http.ts'
import { listAdminPhotos } from '#functions/use-cases/order-photos.ts'
import { orderRepository, photoRepository, photoStore } from '#functions/compose.ts'
import { presentPhoto } from '#functions/api/present-photo.ts'

/** GET /api/admin/orders/{orderId}/photos → PhotoList: every photo of the order, newest first, with short-lived links. */
export const handler = defineRoute({}, async ({ params }) => {
  const [orders, photos, store] = await Promise.all([orderRepository(), photoRepository(), photoStore()])
  const items = await listAdminPhotos({ orders, photos, orderId: params.orderId })
  const body: PhotoList = { items: await Promise.all(items.map((p) => presentPhoto(p, store, { staff: true }))), limit: PHOTOS_PER_ORDER }
  return { body }
})
