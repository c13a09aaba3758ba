export default function AccountConfirmationRoute() {
  return <main className="p-8">AccountConfirmation</main>;
}
