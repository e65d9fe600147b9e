import { BRAND } from "../../config/brand";

/** The company's phone number as written, as a link that dials it (the tel: address has no spaces). */
export function PhoneLink({ className }: { className: string }) {
  return (
    <a className={className} href={`tel:${BRAND.phone.replace(/\s/g, "")}`}>
      {BRAND.phone}
    </a>
  );
}
