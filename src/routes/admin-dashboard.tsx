export default function Page() {
  return <main><h1>admin-dashboard</h1></main>;
}
