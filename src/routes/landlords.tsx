export default function Page() {
  return <main><h1>landlords</h1></main>;
}
