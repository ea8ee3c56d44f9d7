import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { confirmPhoto } from '#functions/use-cases/order-photos.ts'
import { orderRepository, photoRepository, photoStore } from '#functions/compose.ts'
import { presentPhoto } from '#functions/api/present-photo.ts'

/** POST /api/admin/orders/{orderId}/photos/{photoId}/confirm → 201 Photo: the uploaded object checked and recorded (audited). */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const store = await photoStore()
  const photo = await confirmPhoto({ orders: await orderRepository(), photos: await photoRepository(), store, orderId: params.orderId, photoId: params.photoId, actor: actorOf(caller) })
  return { statusCode: 201, body: await presentPhoto(photo, store, { staff: true }) }
})
