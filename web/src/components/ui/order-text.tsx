import { splitOrderNumbers } from '@gs/shared/notification-format';

/** Text with every order or invoice number (GS-000123) kept on one line: a narrow screen breaks around it, never at its dash. */
export function OrderText({ text }: { text: string }) {
  return (
    <>
      {splitOrderNumbers(text).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
