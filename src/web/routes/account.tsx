export default function AccountRoute() {
  return <main className="p-8">Account</main>;
}
