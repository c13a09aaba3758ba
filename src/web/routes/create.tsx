export default function CreateRoute() {
  return <main className="p-8">Create</main>;
}
