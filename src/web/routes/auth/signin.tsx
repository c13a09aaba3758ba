export default function SigninRoute() {
  return <main className="p-8">Signin</main>;
}
