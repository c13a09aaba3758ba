import type { SVGProps } from 'react';
import { StrokeIcon } from '#web/components/ui/stroke-icon';

/** Small stroke icons of the review screen. */
export const CopyIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </StrokeIcon>
);

export const RegenerateIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M20 11a8 8 0 0 0-14.9-3.9M4 4v4h4M4 13a8 8 0 0 0 14.9 3.9M20 20v-4h-4" />
  </StrokeIcon>
);

export const TrashIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </StrokeIcon>
);

export const ExpandIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
  </StrokeIcon>
);

export const InfoIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8v.01" />
  </StrokeIcon>
);

export const DownloadIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M12 4v11m0 0-4-4m4 4 4-4M4 19h16" />
  </StrokeIcon>
);

export const PlusIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M12 5v14M5 12h14" />
  </StrokeIcon>
);

export const AlertIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M12 3 2 20h20L12 3z" />
    <path d="M12 10v4M12 17v.01" />
  </StrokeIcon>
);

export const CheckIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </StrokeIcon>
);

export const HistoryIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="M3 12a9 9 0 1 0 3-6.7M3 4v4h4M12 7v5l3 2" />
  </StrokeIcon>
);

export const ChevronRightIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="m9 6 6 6-6 6" />
  </StrokeIcon>
);

export const ChevronLeftIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <path d="m15 6-6 6 6 6" />
  </StrokeIcon>
);

export const SplitIcon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon {...props}>
    <rect x="3" y="6" width="7" height="12" rx="1.5" />
    <rect x="14" y="6" width="7" height="12" rx="1.5" />
  </StrokeIcon>
);
