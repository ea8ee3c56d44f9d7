/** A real 1×1 PNG (a grey pixel) and a real 1×1 JPEG, for uploads in tests and journeys. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNoaGgAAAMEAYFL09IQAAAAAElFTkSuQmCC', 'base64')
export const JPEG_1PX = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
)

/** Posts `body` to a presigned POST as a browser form does: its fields first, then the file. */
export async function postToPresigned(upload: { url: string; fields: Record<string, string> }, body: Buffer, type: string, name = 'photo') {
  const form = new FormData()
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(body)], { type }), name)
  return fetch(upload.url, { method: 'POST', body: form })
}
