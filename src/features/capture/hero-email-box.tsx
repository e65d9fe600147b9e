export function HeroEmailBox() { return <form aria-label="HeroEmailBox">TODO</form>; }
