import { Drawer } from '../../ui/drawer/Drawer';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { ChangePasswordForm } from './change-password-form';
import { ThemeForm } from './theme-form';

interface SettingsDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function SettingsDrawer({ open, onOpenChange }: SettingsDrawerProps) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Settings">
      <Tabs defaultValue="password">
        <TabList aria-label="Settings">
          <Tab value="password">Change Password</Tab>
          <Tab value="theme">Theme</Tab>
        </TabList>
        <TabPanel value="password">
          <ChangePasswordForm />
        </TabPanel>
        <TabPanel value="theme">
          <ThemeForm />
        </TabPanel>
      </Tabs>
    </Drawer>
  );
}
