export default function SignupRoute() {
  return <main className="p-8">Signup</main>;
}
