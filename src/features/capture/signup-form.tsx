export function SignupForm() { return <form aria-label="SignupForm">TODO</form>; }
