export default function ResetPasswordRoute() {
  return <main className="p-8">ResetPassword</main>;
}
