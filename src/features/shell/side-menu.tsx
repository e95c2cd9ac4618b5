import { can, type Viewer } from '../../domain/roles';
import { VisuallyHidden } from '../../ui/page';
import { mainEntries, pinnedEntries, type MenuEntry } from './menu-items';
import { Item, List, Nav } from './side-menu.styles';

interface SideMenuProps {
  id: string;
  viewer: Viewer;
  collapsed: boolean;
}

function Entries({ entries, viewer, collapsed }: { entries: readonly MenuEntry[]; viewer: Viewer; collapsed: boolean }) {
  return (
    <List>
      {entries
        .filter((entry) => can(viewer, entry.capability))
        .map((entry) => (
          <li key={entry.to}>
            {/* Collapsed, the label is only read out; the tooltip shows it to sighted users. */}
            <Item to={entry.to} title={collapsed ? entry.label : undefined}>
              {entry.icon}
              {collapsed ? <VisuallyHidden>{entry.label}</VisuallyHidden> : <span>{entry.label}</span>}
            </Item>
          </li>
        ))}
    </List>
  );
}

export function SideMenu({ id, viewer, collapsed }: SideMenuProps) {
  return (
    <Nav id={id} aria-label="Main navigation" $collapsed={collapsed}>
      <Entries entries={mainEntries} viewer={viewer} collapsed={collapsed} />
      <Entries entries={pinnedEntries} viewer={viewer} collapsed={collapsed} />
    </Nav>
  );
}
