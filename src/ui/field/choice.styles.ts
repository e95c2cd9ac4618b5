import styled from 'styled-components';

export const ChoiceLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 12px;
  min-height: 44px;
  cursor: pointer;
  font-weight: 500;
`;

export const Checkbox = styled.input`
  width: 20px;
  height: 20px;
  margin: 0;
  accent-color: ${({ theme }) => theme.color.primary};
  cursor: pointer;
`;

export const SwitchTrack = styled.button`
  position: relative;
  flex: none;
  width: 44px;
  height: 24px;
  padding: 0;
  border: none;
  border-radius: 12px;
  background: ${({ theme }) => theme.color.border};
  cursor: pointer;
  transition: background 150ms ease;

  &[aria-checked='true'] {
    background: ${({ theme }) => theme.color.primary};
  }

  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: #ffffff;
    box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3);
    transition: transform 150ms ease;
  }

  &[aria-checked='true']::after {
    transform: translateX(20px);
  }
`;
