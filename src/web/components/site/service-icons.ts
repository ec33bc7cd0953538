import type { ComponentType, SVGProps } from 'react';
import {
  BriefcaseBusiness,
  Camera,
  ChartLine,
  CodeXml,
  Globe,
  Megaphone,
  Palette,
  PenTool,
} from 'lucide-react';
import type { ServiceIcon } from '../../../shared/site-settings';

/**
 * The picture and tint of each service icon the Web Settings offer. The four default services keep the
 * tints they have always had (pink, brand, amber, green); each text colour passes AA on its tint.
 */
export const SERVICE_ICON_STYLES: Record<
  ServiceIcon,
  { icon: ComponentType<SVGProps<SVGSVGElement>>; label: string; tint: string }
> = {
  palette: { icon: Palette, label: 'Palette', tint: 'bg-pink-50 text-pink-700' },
  code: { icon: CodeXml, label: 'Code', tint: 'bg-brand-50 text-brand-700' },
  megaphone: { icon: Megaphone, label: 'Megaphone', tint: 'bg-amber-50 text-amber-800' },
  briefcase: { icon: BriefcaseBusiness, label: 'Briefcase', tint: 'bg-green-50 text-green-800' },
  chart: { icon: ChartLine, label: 'Chart', tint: 'bg-cyan-50 text-cyan-800' },
  camera: { icon: Camera, label: 'Camera', tint: 'bg-purple-50 text-purple-800' },
  pen: { icon: PenTool, label: 'Pen', tint: 'bg-orange-50 text-orange-800' },
  globe: { icon: Globe, label: 'Globe', tint: 'bg-sky-50 text-sky-800' },
};
