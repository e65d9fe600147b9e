import { ContactFaqCardsBody } from "./contact-faq-cards.island";
import { staticIsland } from "../static-island";

/** The short answers under the contact form (HTML only: static-island.tsx). */
export const ContactFaqCards = staticIsland("contact-faq-cards", import.meta.env.SSR ? ContactFaqCardsBody : null);
