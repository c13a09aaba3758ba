export default function LibraryRoute() {
  return <main className="p-8">Library</main>;
}
