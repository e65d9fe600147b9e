import { ContactDetailsBody } from "./contact-details.island";
import { staticIsland } from "../static-island";

/** The ways to reach the team beside the contact form (HTML only: static-island.tsx). */
export const ContactDetails = staticIsland("contact-details", import.meta.env.SSR ? ContactDetailsBody : null);
