export default function LandingRoute() {
  return <main className="p-8">Landing</main>;
}
