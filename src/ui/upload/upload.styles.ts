import styled from 'styled-components';

export const UploadRoot = styled.div`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.surface};
  justify-items: start;
`;

export const DropZone = styled.div<{ $active: boolean }>`
  display: grid;
  gap: 8px;
  width: 100%;
  padding: 20px;
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.color.focus : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.small};

  label {
    font-weight: 600;
  }

  input {
    min-height: 44px;
    max-width: 100%;
  }
`;

export const Progress = styled.div`
  width: 100%;
  height: 10px;
  border-radius: 5px;
  background: ${({ theme }) => theme.color.surfaceSunken};
  overflow: hidden;

  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.color.accent};
    transition: width 120ms linear;
  }
`;

export const Outcome = styled.div<{ $tone?: 'error' }>`
  color: ${({ theme, $tone }) => ($tone === 'error' ? theme.color.error : theme.color.text)};
`;

export const ErrorList = styled.ul`
  margin: 8px 0 0;
  padding-left: 20px;
  max-height: 30vh;
  overflow: auto;
`;
