import type { SVGProps } from 'react';
import { StrokeIcon } from '#web/components/ui/stroke-icon';

/** Small stroke icons used by the auth screens. */
export const CloseIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </StrokeIcon>
);

export const CheckIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </StrokeIcon>
);

export const MailIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m4 7 8 6 8-6" />
  </StrokeIcon>
);

export const AlertIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </StrokeIcon>
);

export const EyeIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </StrokeIcon>
);

export const EyeOffIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.7 8.4 2 12 2 12s3.6 7 10 7a9.9 9.9 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </StrokeIcon>
);
