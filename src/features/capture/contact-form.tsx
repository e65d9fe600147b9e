export function ContactForm() { return <form aria-label="ContactForm">TODO</form>; }
