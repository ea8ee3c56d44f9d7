import { useShop } from '@/lib/shop';

/** React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title?: string }) {
  const { name } = useShop();
  return <title>{title ? `${title} | ${name}` : name}</title>;
}
