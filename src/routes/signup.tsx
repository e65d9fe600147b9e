export default function Page() {
  return <main><h1>signup</h1></main>;
}
