export default function ProductReviewRoute() {
  return <main className="p-8">ProductReview</main>;
}
