/**
 * The words that send a person to the operator's support address (SUPPORT_EMAIL, service-info.ts):
 * "write to <address>" as a mail link, or, when none is known, "ask whoever runs this Afterword
 * service": never an address nobody reads. Lower case, for the middle of a sentence.
 */
export function WriteTo({ supportEmail }: { supportEmail: string | null }) {
  return supportEmail ? (
    <>
      write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
    </>
  ) : (
    <>ask whoever runs this Afterword service (they have not given an address for this page)</>
  );
}
