export default function Page() {
  return <main><h1>faqs</h1></main>;
}
