export default function Page() {
  return <main><h1>request-demo</h1></main>;
}
