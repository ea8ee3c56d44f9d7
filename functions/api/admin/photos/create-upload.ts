import type { PhotoUpload } from '@gs/shared/photos'
import { photoUploadSchema } from '@gs/shared/schemas/photos'
import { defineRoute } from '#functions/lib/http.ts'
import { createPhotoUpload } from '#functions/use-cases/order-photos.ts'
import { orderRepository, photoStore } from '#functions/compose.ts'

/** POST /api/admin/orders/{orderId}/photos/uploads { contentType, size, purpose } → 201 PhotoUpload (a presigned POST). */
export const handler = defineRoute({ body: photoUploadSchema }, async ({ params, body }) => {
  const upload: PhotoUpload = await createPhotoUpload({ orders: await orderRepository(), store: await photoStore(), orderId: params.orderId, input: body })
  return { statusCode: 201, body: upload }
})
