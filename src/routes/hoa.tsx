export default function Page() {
  return <main><h1>hoa</h1></main>;
}
