export function DemoForm() { return <form aria-label="DemoForm">TODO</form>; }
