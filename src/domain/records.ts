import type { BotCheckVerdict, LeadStatus, LeadType, NewsletterStatus } from "./status";

// What staff read back, timestamps as ISO strings.

export interface ContactRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  message: string;
  companyName: string | null;
  status: LeadStatus;
  type: "contact";
  botCheck: BotCheckVerdict;
  createdAt: string;
}

export interface LeadRecord {
  id: string;
  type: LeadType;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phone: string | null;
  companyName: string;
  jobTitle: string | null;
  organizationType: string;
  propertyCount: string;
  message: string | null;
  challenges: string | null;
  marketingOptIn: boolean | null;
  termsAcceptedAt: string | null;
  status: LeadStatus;
  botCheck: BotCheckVerdict;
  createdAt: string;
}

export interface NewsletterRecord {
  id: string;
  email: string;
  status: NewsletterStatus;
  type: "newsletter";
  botCheck: BotCheckVerdict;
  createdAt: string;
}
