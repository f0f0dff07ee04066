import {
  BarChart3,
  Bell,
  BookOpen,
  Briefcase,
  Calendar,
  Check,
  Clock,
  Coffee,
  Gift,
  Heart,
  LayoutGrid,
  type LucideIcon,
  Menu,
  Moon,
  Pencil,
  Plus,
  RefreshCw,
  Scissors,
  ShoppingBag,
  Star,
  Sun,
  Trash2,
  Truck,
  Users,
  Wrench,
  X,
  Zap,
} from 'lucide-react';

// Line icons from lucide-react (docs/adr/0061-icons-and-menus-from-libraries.md), by the short
// names the category table and the screens use. Imported one by one, so the bundle holds only these.
const icons: Record<string, LucideIcon> = {
  sun: Sun,
  moon: Moon,
  heart: Heart,
  scissors: Scissors,
  tool: Wrench,
  book: BookOpen,
  briefcase: Briefcase,
  truck: Truck,
  bag: ShoppingBag,
  gift: Gift,
  coffee: Coffee,
  grid: LayoutGrid,
  zap: Zap,
  calendar: Calendar,
  refresh: RefreshCw,
  star: Star,
  bell: Bell,
  plus: Plus,
  edit: Pencil,
  trash: Trash2,
  users: Users,
  chart: BarChart3,
  clock: Clock,
  check: Check,
  x: X,
  menu: Menu,
};

/** A decorative icon (hidden from screen readers: the control beside it carries the words). */
export function Icon({
  name,
  className = 'h-6 w-6',
}: {
  name: string;
  className?: string;
}) {
  const Glyph = icons[name] ?? LayoutGrid;
  return <Glyph className={className} strokeWidth={2} aria-hidden="true" />;
}
