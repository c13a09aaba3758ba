import { Toaster } from 'react-hot-toast';

/** react-hot-toast's defaults already match the spec (4 s, success 2 s, loading until dismissed). */
export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        className: 'text-sm',
      }}
    />
  );
}
