export default function CallbackRoute() {
  return <main className="p-8">Callback</main>;
}
