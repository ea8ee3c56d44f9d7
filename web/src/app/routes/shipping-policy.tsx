import { PageTitle } from '@/components/seo/page-title';
import type { ShopIdentity } from '@gs/shared/shop';
import { useShop } from '@/lib/shop';

const sections = (shop: ShopIdentity): { id: string; title: string; paragraphs: string[] }[] => [
  {
    id: 'shipping-in',
    title: 'Shipping Your Firearm to Us',
    paragraphs: [
      `Before shipping anything, call us at ${shop.phone} for a quote and shipping instructions. We will tell you where to send the firearm and what to include with it. Packages that arrive without prior arrangement may be refused or returned at your expense.`,
      'Ship the firearm unloaded, with no ammunition in the package, and with any action locks or cable locks removed unless we ask otherwise. Pack it securely in a hard case or a sturdy box with enough padding that it cannot move in transit. Do not write anything on the outside of the package that identifies its contents.',
      'Include a note with your name, phone number, email address, return shipping address and a short description of the work requested. Keep the carrier receipt and tracking number until your order shows as received in this portal.',
    ],
  },
  {
    id: 'return-delivery',
    title: 'Return Delivery',
    paragraphs: [
      'When the work is complete and your invoice is paid in full, we ship the firearm back to you using a carrier and service appropriate for firearms, or to a licensed dealer where the law requires it. Shipping charges are shown on your invoice before you pay.',
      'Return packages require an adult signature on delivery. If a delivery attempt fails, the carrier will hold the package or return it to us; additional shipping caused by missed deliveries is charged to the customer.',
      'Customers who arranged local or in-store pickup may remove the shipping fee at payment and will be contacted when the firearm is ready to collect. Photo identification is required at pickup.',
    ],
  },
  {
    id: 'insurance-tracking',
    title: 'Insurance and Tracking',
    paragraphs: [
      'You are responsible for insuring inbound shipments for the full replacement value of the firearm and for any loss or damage that happens before it arrives at our shop. Please add your inbound tracking number when you contact us so we can watch for your package.',
      'Return shipments are sent with tracking and insured for the declared value. The outbound tracking number appears on your order in this portal as soon as the package is handed to the carrier. Report any visible damage to the package to us and to the carrier within 48 hours of delivery.',
    ],
  },
  {
    id: 'legal-compliance',
    title: 'Legal Compliance',
    paragraphs: [
      'All firearms are received, stored, worked on and returned in accordance with federal, state and local law. It is the customer\u2019s responsibility to make sure that owning and shipping the firearm is legal where they live and that the requested work is lawful in their jurisdiction.',
      'We may ask for identification or proof of ownership, and we will refuse work or return shipment where the law does not allow it. Firearms that cannot lawfully be returned to the sender will be handled as the law requires, and any costs are charged to the customer.',
    ],
  },
  {
    id: 'hold-harmless',
    title: 'Hold-Harmless Waiver',
    paragraphs: [
      `By shipping a firearm to ${shop.name} you agree to hold the shop, its parent company, employees and agents harmless from any claim, loss or damage arising from the firearm's condition before it reached us, from its shipment by a carrier, from modifications or repairs performed by others, and from its use or misuse after it is returned to you.`,
      'Our liability for any firearm in our care is limited to the cost of the work performed on it. Customers must inspect the firearm on receipt and have it checked by a qualified person before firing it.',
    ],
  },
  {
    id: 'release-after-payment',
    title: 'Release Only After Full Payment',
    paragraphs: [
      'Firearms are released, whether shipped or picked up, only after the invoice for the order has been paid in full, including any approved additional costs, applicable tax on parts and the shipping fee. Partial payments are welcome, but the firearm stays with us until the balance due is zero.',
    ],
  },
];

export default function ShippingPolicyRoute() {
  const SECTIONS = sections(useShop());
  return (
    <>
      <PageTitle title="Shipping Policy" />
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight">Shipping Policy</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          How firearms travel to and from our shop, who is responsible along the way, and when a firearm is released.
        </p>
        <nav aria-label="On this page" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">On this page</h2>
          <ul className="mt-3 space-y-1">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-sky-300">
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {SECTIONS.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24">
            <h2 id={`${section.id}-title`} className="text-xl font-semibold">
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </>
  );
}
