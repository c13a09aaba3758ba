export default function TermsRoute() {
  return <main className="p-8">Terms</main>;
}
