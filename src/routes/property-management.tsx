export default function Page() {
  return <main><h1>property-management</h1></main>;
}
