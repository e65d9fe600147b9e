import { Clock, Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { BRAND } from "../../../config/brand";
import { CONTACT_CHANNELS } from "../../../content/contact";
import { PhoneLink } from "../phone-link";

const link = "font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

/** One card of the contact details, named by its heading. */
function DetailsCard({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Email addresses, phone, hours and address, as an <address> block for the organisation. */
export function ContactDetailsBody() {
  return (
    <div className="space-y-6">
      <DetailsCard id="contact-email-title" icon={Mail} title="Email us">
        <address className="mt-4 not-italic">
          <dl className="space-y-3">
            {CONTACT_CHANNELS.map((channel) => (
              <div key={channel.email}>
                <dt className="text-sm text-slate-600">{channel.label}</dt>
                <dd>
                  <a className={link} href={`mailto:${channel.email}`}>
                    {channel.email}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
        </address>
      </DetailsCard>
      <DetailsCard id="contact-phone-title" icon={Phone} title="Call us">
        <p className="mt-3">
          <PhoneLink className={link} />
        </p>
        <h3 className="mt-5 flex items-center gap-2 font-semibold text-slate-900">
          <Clock aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Business hours
        </h3>
        <p className="mt-2 text-slate-700">{BRAND.hours}</p>
        <h3 className="mt-5 flex items-center gap-2 font-semibold text-slate-900">
          <MapPin aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Office
        </h3>
        <p className="mt-2 text-slate-700">{BRAND.address}</p>
      </DetailsCard>
    </div>
  );
}
