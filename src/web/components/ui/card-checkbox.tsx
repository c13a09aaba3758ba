/**
 * The selection tick on a product card's photo corner (review and library): a real checkbox,
 * large enough to hit, on a white patch so it reads on any photo.
 */
export function CardCheckbox({
  label,
  checked,
  onChange,
}: {
  /** The accessible name, e.g. 'Select Brass Desk Lamp'. */
  label: string;
  checked: boolean;
  onChange(): void;
}) {
  return (
    <label
      title={label}
      className="absolute top-1.5 left-1.5 z-[1] inline-flex size-7 cursor-pointer items-center justify-center rounded-md bg-white/90 shadow-sm hover:bg-white"
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        aria-label={label}
        className="size-4 cursor-pointer rounded accent-brand-600"
      />
    </label>
  );
}
