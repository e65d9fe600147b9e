export function NewsletterForm() { return <form aria-label="NewsletterForm">TODO</form>; }
