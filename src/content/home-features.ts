import {
  Brain,
  Building2,
  ChartColumn,
  FileSignature,
  IdCard,
  Landmark,
  MessagesSquare,
  Plug,
  ShieldCheck,
  Smartphone,
  Wallet,
  Wrench,
} from "lucide-react";
import type { IconCard } from "./types";

// Twelve cards; the first nine are the platform's main pitches (docs/product.md, "Pages").
export const HOME_FEATURES: readonly IconCard[] = [
  {
    icon: Building2,
    title: "Unified portfolio management",
    description:
      "Every building, unit, lease and owner in one live view, from a single flat to a portfolio of thousands.",
  },
  {
    icon: Wallet,
    title: "Rent collection & arrears tracking",
    description: "Automated invoices, debit orders and reminders, with arrears flagged the day a payment is missed.",
  },
  {
    icon: IdCard,
    title: "Tenant screening & ID verification",
    description:
      "Credit checks, ID and affordability verification in one application flow, so good tenants move in sooner.",
  },
  {
    icon: Wrench,
    title: "Maintenance tracking",
    description:
      "Log, assign and follow every job from request to invoice, with photos and contractor updates on one ticket.",
  },
  {
    icon: Smartphone,
    title: "Tenant portal",
    description: "Tenants pay rent, download statements and report issues from their phone, at any hour.",
  },
  {
    icon: Landmark,
    title: "HOA levy billing",
    description: "Raise levies and special levies, reconcile payments and keep trustees informed without spreadsheets.",
  },
  {
    icon: ChartColumn,
    title: "Landlord reporting",
    description: "Monthly owner statements and performance reports, generated and sent automatically.",
  },
  {
    icon: Plug,
    title: "Integrations",
    description: "Connect your accounting package, bank feeds and payment gateways, or build on our open API.",
  },
  {
    icon: ShieldCheck,
    title: "POPIA & GDPR compliance",
    description: "Consent records, access controls and audit trails that keep personal information protected.",
  },
  {
    icon: Brain,
    title: "AI insights",
    description: "Forecast arrears, spot vacancies early and get plain-language suggestions on what to do next.",
  },
  {
    icon: FileSignature,
    title: "Lease management",
    description: "Templates, e-signatures, escalations and renewal reminders, so no lease lapses unnoticed.",
  },
  {
    icon: MessagesSquare,
    title: "Communication hub",
    description: "Email, SMS and in-app notices to tenants, owners and trustees, all logged against the property.",
  },
];
