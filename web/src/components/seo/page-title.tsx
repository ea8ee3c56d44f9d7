import { BRAND_NAME } from '@/config/brand';

/** React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | ${BRAND_NAME}` : BRAND_NAME}</title>;
}
