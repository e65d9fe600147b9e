export function ClosingCtaForm() { return <form aria-label="ClosingCtaForm">TODO</form>; }
