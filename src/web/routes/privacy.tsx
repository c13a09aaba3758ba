export default function PrivacyRoute() {
  return <main className="p-8">Privacy</main>;
}
