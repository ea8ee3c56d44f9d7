import { PHOTOS_PER_ORDER, type PhotoList } from '@gs/shared/photos'
import { defineRoute } from '#functions/lib/http.ts'
import { listCustomerPhotos } from '#functions/use-cases/order-photos.ts'
import { presentPhoto } from '#functions/api/present-photo.ts'
import { orderRepository, photoRepository, photoStore } from '#functions/compose.ts'

/** GET /api/orders/{orderId}/photos → PhotoList: the intake photos of the caller's own order (anyone else's: 404). */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const [orders, photos, store] = await Promise.all([orderRepository(), photoRepository(), photoStore()])
  const items = await listCustomerPhotos({ orders, photos, orderId: params.orderId, userId: caller.userId })
  const body: PhotoList = { items: await Promise.all(items.map((p) => presentPhoto(p, store, { staff: false }))), limit: PHOTOS_PER_ORDER }
  return { body }
})
